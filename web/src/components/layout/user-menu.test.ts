import { describe, expect, it } from 'vitest';
import { userInitials, userLabel } from './user-menu.js';

describe('the user in the navigation bar', () => {
  it('is called by the display name, else by the email address', () => {
    expect(userLabel({ displayName: ' Robin Rider ', email: 'robin@example.com' })).toBe(
      'Robin Rider',
    );
    expect(userLabel({ displayName: null, email: 'robin@example.com' })).toBe('robin@example.com');
  });

  it("shows the first letters of the name's first and last words, else of the email", () => {
    expect(userInitials({ displayName: 'robin de la rider', email: 'r@example.com' })).toBe('RR');
    expect(userInitials({ displayName: 'Robin', email: 'r@example.com' })).toBe('R');
    expect(userInitials({ displayName: '  ', email: 'casey@example.com' })).toBe('C');
  });
});
