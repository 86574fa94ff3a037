/**
 * How often one account may ask for the API's accessToken (`PUT /user/{email}`): sign-in asks
 * once, so more than this a minute is a runaway client, answered 429 with Retry-After. The API
 * enforces it; the browser journeys pace their sign-ins by it.
 */
export const TOKEN_REQUESTS_PER_MINUTE = 10;
