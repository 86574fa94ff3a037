import { screen, waitFor, within } from '@testing-library/react';
import type { PartsImportSummary } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderScreen,
  stubFetch,
  type FetchCall,
  type StubAnswer,
} from '../../../testing/render.js';
import { CatalogueCsv } from './catalogue-csv.js';

const WOULD: PartsImportSummary = {
  dryRun: true,
  added: [{ row: 3, id: null, productName: 'Disc brake pads' }],
  updated: [
    {
      row: 2,
      id: 'velotrack-cx12-chain',
      productName: 'Velotrack CX12 Chain',
      changes: { price: { from: 1590, to: 1690 }, quantity: { from: 41, to: 50 } },
    },
  ],
  unchanged: 25,
};

let calls: FetchCall[];
let answer: (call: FetchCall) => StubAnswer;
beforeEach(() => {
  answer = (call) =>
    call.url.includes('dryRun=true')
      ? { body: WOULD }
      : { body: { ...WOULD, dryRun: false, added: [{ ...WOULD.added[0]!, id: 'new-id' }] } };
  calls = stubFetch((call) => answer(call));
});

const csvFile = () =>
  new File(['id,productName\n,Disc brake pads\n'], 'parts.csv', {
    type: 'application/vnd.ms-excel',
  });

async function chooseFile() {
  const view = renderScreen(<CatalogueCsv />);
  expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
  await view.user.upload(screen.getByLabelText('CSV file to import'), csvFile());
  const dialog = await screen.findByRole('dialog', { name: 'Import parts.csv' });
  return { ...view, dialog };
}

const imports = () => calls.filter((call) => call.method === 'POST');

describe('CatalogueCsv', () => {
  it('checks the file first, shows what it would do, and imports on "Import"', async () => {
    const { dialog, user } = await chooseFile();
    expect(
      await within(dialog).findByText('1 new part, 1 changed part, 25 unchanged.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('New: Disc brake pads (row 3)')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Velotrack CX12 Chain: price $15.90 → $16.90, stock 41 → 50'),
    ).toBeInTheDocument();
    expect(imports()).toHaveLength(1);
    expect(imports()[0]).toMatchObject({
      url: '/api/admin/parts/import?dryRun=true',
      headers: { 'content-type': 'text/csv' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 part added, 1 updated')).toBeInTheDocument();
    expect(imports().map((call) => call.url)).toEqual([
      '/api/admin/parts/import?dryRun=true',
      '/api/admin/parts/import',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says what changes in a part's sizes, specifications and pictures", async () => {
    answer = () => ({
      body: {
        dryRun: true,
        added: [],
        updated: [
          {
            row: 4,
            id: 'gravel-tyre',
            productName: 'Gravel tyre',
            changes: {
              specs: { from: 'valve: presta', to: 'valve: schrader' },
              pictures: { from: '/a.png | Front', to: '/b.png | Side' },
            },
            sizes: [
              {
                sku: 'GRAVEL-32',
                change: 'changed',
                fields: {
                  price: { from: '45.99', to: '47.50' },
                  gtin: { from: '', to: '4006381333931' },
                },
              },
              { sku: 'GRAVEL-40', change: 'added' },
              { sku: 'GRAVEL-47', change: 'removed' },
            ],
          },
        ],
        unchanged: 3,
      } satisfies PartsImportSummary,
    });
    const { dialog } = await chooseFile();
    expect(
      await within(dialog).findByText(
        'Gravel tyre: specifications valve: presta → valve: schrader, pictures, size GRAVEL-32 price 45.99 → 47.50, GTIN none → 4006381333931, size GRAVEL-40 added, size GRAVEL-47 removed',
      ),
    ).toBeInTheDocument();
  });

  it('lists the errors of a refused file by row and column, and imports nothing', async () => {
    answer = () => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'The file has 2 errors; nothing was imported',
          rows: [
            { row: 3, column: 'price', message: 'Price must be a number like 12.50' },
            { row: 7, message: 'The row has 3 cells where the header has 8' },
          ],
        },
      },
    });
    const { dialog } = await chooseFile();
    expect(
      await within(dialog).findByText('The file has 2 errors; nothing was imported'),
    ).toBeInTheDocument();
    const errors = within(dialog).getByRole('list', { name: 'Errors in the file' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 3, price: Price must be a number like 12.50',
      'Row 7: The row has 3 cells where the header has 8',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(imports()).toHaveLength(1);
  });

  it('says when an unchanged file has nothing to import', async () => {
    answer = () => ({ body: { dryRun: true, added: [], updated: [], unchanged: 27 } });
    const { dialog, user } = await chooseFile();
    expect(
      await within(dialog).findByText('Nothing to change: 27 rows match their parts.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(imports()).toHaveLength(1);
  });

  it('downloads the export as a CSV file', async () => {
    answer = () => ({ body: 'id,productName' });
    const saved: { href: string; download: string }[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:parts');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = renderScreen(<CatalogueCsv />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:parts', download: expect.stringMatching(/^sprocket-parts-[\d-]+\.csv$/) },
      ]),
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/admin/parts.csv']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:parts');
    vi.restoreAllMocks();
  });
});
