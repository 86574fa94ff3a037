import { COUNTRY_CODES } from '@sprocket/contract';
import { useMemo } from 'react';
import { FormTextField } from './form-text-field.js';

/** The browser's English names of countries, by their two-letter code. */
export const countryNames = () => new Intl.DisplayNames(['en'], { type: 'region' });

/** Every country the contract knows, by name. */
function countryOptions() {
  const names = countryNames();
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

/**
 * The form's `country`, one of the contract's two-letter codes picked by name from a native
 * select (a phone shows its own picker for the long list).
 */
export function CountryField({ autoComplete }: { autoComplete?: string }) {
  const options = useMemo(countryOptions, []);
  return (
    <FormTextField
      name="country"
      label="Country"
      select
      required
      autoComplete={autoComplete}
      slotProps={{ select: { native: true } }}
    >
      {options.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </FormTextField>
  );
}
