import { describe, expect, it } from 'vitest';
import { guestCheckoutSchema, guestContactSchema, ADDRESS_LINK_MESSAGE } from './guest-checkout.js';

const body = {
  items: [{ partId: 'p1', quantity: 1 }],
  address: '1 Spoke Street',
  number: '5550100',
  email: 'grace@example.com',
};

/** The messages of a failed check, or [] when it passes. */
async function errorsOf(
  schema: { validate(value: unknown, options: object): Promise<unknown> },
  value: unknown,
) {
  try {
    await schema.validate(value, { abortEarly: false, strict: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('guestCheckoutSchema', () => {
  it("takes the checkout's body with an email, and a name if given", async () => {
    expect(await errorsOf(guestCheckoutSchema, body)).toEqual([]);
    expect(await errorsOf(guestCheckoutSchema, { ...body, name: 'Grace Guest' })).toEqual([]);
  });

  it('needs a valid email, a plain name and an address without links', async () => {
    expect(await errorsOf(guestCheckoutSchema, { ...body, email: undefined })).toEqual([
      'Email is required',
    ]);
    const errors = await errorsOf(guestCheckoutSchema, {
      ...body,
      email: 'nope',
      name: 'see https://evil.example',
      address: 'Go to www.evil.example',
    });
    expect(errors.sort()).toEqual(
      [
        'Email is not valid',
        'A name cannot contain a web or email address',
        ADDRESS_LINK_MESSAGE,
      ].sort(),
    );
  });
});

describe('guestContactSchema', () => {
  it("is the checkout page's email and name, both required", async () => {
    expect(await errorsOf(guestContactSchema, { email: '', name: '' })).toEqual([
      'Email is required',
      'Your name is required',
    ]);
  });
});
