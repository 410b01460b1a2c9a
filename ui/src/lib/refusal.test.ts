import { describe, expect, it } from 'vitest';
import { ApiError, refusalText } from './api-client.ts';

describe('refusalText', () => {
  it("gives the API's reason without the status", () => {
    const lastOwner = new ApiError(409, 'This is the workspace’s last owner: make someone else owner first.');
    expect(refusalText(lastOwner)).toBe('This is the workspace’s last owner: make someone else owner first.');
  });

  it('says the API could not be reached when the request itself failed', () => {
    expect(refusalText(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
