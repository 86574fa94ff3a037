import { screen, waitFor, within } from '@testing-library/react';
import type { DiscountCode } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AddDiscountDialog } from './add-discount-dialog.js';
import { DiscountsTable } from './discounts-table.js';

const spring: DiscountCode = {
  code: 'SPRING10',
  type: 'percent',
  value: 10,
  minSubtotal: 5000,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-06-01T00:00:00.000Z',
  maxUses: 100,
  oncePerCustomer: true,
  uses: 42,
  createdAt: '2026-02-01T00:00:00.000Z',
};

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) =>
    call.method === 'POST'
      ? { status: 201, body: { ...spring, ...(call.body as object), uses: 0 } }
      : { body: { acknowledged: true, deletedCount: 1 } },
  );
});

describe('Discount Codes', () => {
  it('lists each code with its terms, dates and uses, and deletes one after asking', async () => {
    const { user } = renderScreen(<DiscountsTable discounts={[spring]} />);
    const table = screen.getByRole('table', { name: 'Discount codes' });
    expect(within(table).getByText('SPRING10')).toBeInTheDocument();
    expect(
      within(table).getByText('10 % off orders of $50.00 or more, once per customer'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Mar 1, 2026 – Jun 1, 2026')).toBeInTheDocument();
    expect(within(table).getByText('42 of 100')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete code SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the code SPRING10?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText('Deleted code SPRING10')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'DELETE', url: '/api/admin/discounts/SPRING10' }),
    ]);
  });

  it('adds a code in the shop currency, checked by the API’s rules as it is typed', async () => {
    const { user } = renderScreen(<AddDiscountDialog onClose={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add code' });
    await user.type(screen.getByLabelText(/^Code/), 'x');
    await user.type(screen.getByLabelText(/^Percent off/), '150');
    expect(await screen.findByText('A discount code has 3 to 32 characters')).toBeInTheDocument();
    expect(screen.getByText('A percentage is at most 100')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await user.type(screen.getByLabelText(/^Code/), 'mas5');
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Amount off' }));
    await user.clear(screen.getByLabelText(/^Amount off/));
    await user.type(screen.getByLabelText(/^Amount off/), '5.00');
    await user.type(screen.getByLabelText(/^Uses in all/), '5');
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Added code XMAS5')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/admin/discounts',
        body: { code: 'xmas5', type: 'fixed', value: 500, maxUses: 5 },
      }),
    ]);
  });
});
