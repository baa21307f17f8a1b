import { describe, expect, it } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from './api';
import { userMessage } from './user-message';

describe('userMessage', () => {
  it("shows the server's words for a refusal it explains", () => {
    expect(userMessage(new ApiError(409, 'CONFLICT', 'The code WELCOME already exists.'), 'Could not save')).toBe(
      'The code WELCOME already exists.',
    );
  });
  it('says the connection is down when the request never reached the server', () => {
    expect(userMessage(new ApiError(0, 'NETWORK', 'whatever'), 'Could not save')).toBe(OFFLINE_MESSAGE);
  });
  it("shows the screen's fallback for a server fault or a bug, never their text", () => {
    expect(userMessage(new ApiError(500, 'INTERNAL', 'relation "users" does not exist'), 'Could not save')).toBe('Could not save');
    expect(userMessage(new TypeError("Cannot read properties of undefined (reading 'map')"), 'Could not save')).toBe('Could not save');
    expect(userMessage(new ApiError(400, 'VALIDATION_FAILED', ''), 'Could not save')).toBe('Could not save');
  });
});
