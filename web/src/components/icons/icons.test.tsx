import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, ComponentType>>(['./*.tsx', '!./*.test.tsx'], {
  eager: true,
});
const icons = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).map(([name, Icon]) => ({ file, name, Icon })),
);

describe('icons', () => {
  it('has one module per icon', () => {
    expect(icons).toHaveLength(Object.keys(modules).length);
  });

  // The test id comes from the name given to createSvgIcon; a copy-paste slip would render an
  // icon under another icon's name.
  it.each(icons)('$name renders an SVG icon with its own test id', ({ file, name, Icon }) => {
    const kebab = name
      .replace(/Icon$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase();
    expect(file).toBe(`./${kebab}.tsx`);
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('data-testid', name);
    expect(svg).toHaveClass('MuiSvgIcon-root');
    expect(svg?.querySelector('path')).not.toBeNull();
  });
});
