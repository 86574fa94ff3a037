import { screen, waitFor, within } from '@testing-library/react';
import { categoryMessages, DEFAULT_CATEGORIES, type AdminCategory } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { CategoriesTable } from './categories-table.js';
import { CategoryDialog } from './category-dialog.js';

const categories: AdminCategory[] = DEFAULT_CATEGORIES.slice(0, 3).map((category, index) => ({
  ...category,
  parts: index,
  hidden: index === 2,
}));
const drivetrain = categories[0]!;

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
beforeEach(() => {
  answer = { body: {} };
  calls = stubFetch(() => answer);
});

describe('Categories', () => {
  it('lists each category in order with its specifications, parts and whether it is hidden', () => {
    renderScreen(<CategoriesTable categories={categories} />);
    const table = screen.getByRole('table', { name: 'Categories' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Drivetrain',
      'Wheels and tyres',
      'BrakesHidden',
    ]);
    expect(within(rows[0]!).getByText('Speeds, Freehub body, Bottom bracket')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Drivetrain up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Brakes down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show Brakes' })).toBeInTheDocument();
  });

  it('moves a category down, sending the whole order, and hides another', async () => {
    const { user } = renderScreen(<CategoriesTable categories={categories} />);
    await user.click(screen.getByRole('button', { name: 'Move Drivetrain down' }));
    await waitFor(() =>
      expect(calls).toEqual([
        expect.objectContaining({
          method: 'PUT',
          url: '/api/admin/categories/order',
          body: { ids: ['wheels-and-tyres', 'drivetrain', 'brakes'] },
        }),
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Hide Wheels and tyres' }));
    expect(await screen.findByText('Wheels and tyres is hidden from the shop')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/categories/wheels-and-tyres',
        body: { hidden: true },
      }),
    );
  });

  it('says in plain words why a category with parts is not deleted', async () => {
    answer = {
      status: 409,
      body: {
        error: { code: 'conflict', message: categoryMessages.stillHasParts('Wheels and tyres', 1) },
      },
    };
    const { user } = renderScreen(<CategoriesTable categories={categories} />);
    await user.click(screen.getByRole('button', { name: 'Delete Wheels and tyres' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the category Wheels and tyres?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(
      await screen.findByText('Wheels and tyres still has 1 part: hide it instead'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'DELETE', url: '/api/admin/categories/wheels-and-tyres' }),
    ]);
  });

  it('adds a category with its specifications, refusing a name another has as it is typed', async () => {
    answer = {
      status: 201,
      body: { id: 'bags', name: 'Bags', specs: ['wheelSize'], hidden: false },
    };
    const { user } = renderScreen(<CategoryDialog categories={categories} onClose={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add category' });
    await user.type(screen.getByLabelText(/^Name/), 'brakes');
    expect(await screen.findByText(categoryMessages.nameTaken('brakes'))).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Bags');
    await user.click(screen.getByRole('checkbox', { name: 'Wheel size' }));
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Added Bags')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/admin/categories',
        body: { name: 'Bags', specs: ['wheelSize'] },
      }),
    ]);
  });

  it('renames a category and keeps the order of its specifications, adding one after them', async () => {
    answer = { body: { ...drivetrain, name: 'Chains and gears' } };
    const { user } = renderScreen(
      <CategoryDialog category={drivetrain} categories={categories} onClose={() => {}} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Speeds' })).toBeChecked();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Chains and gears');
    await user.click(screen.getByRole('checkbox', { name: 'Freehub body' }));
    await user.click(screen.getByRole('checkbox', { name: 'Axle standard' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Chains and gears')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/categories/drivetrain',
        body: { name: 'Chains and gears', specs: ['speeds', 'bottomBracket', 'axle'] },
      }),
    ]);
  });
});
