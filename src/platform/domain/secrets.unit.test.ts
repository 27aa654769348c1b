import { describe, expect, it } from 'vitest';
import { keyChanges, maskSecret, typedSecret, withMaskedKey } from './secrets.js';

describe('secrets in settings', () => {
  it('shows a key by its first 3 and last 4 characters, a short one by its last 2', () => {
    expect(maskSecret('sk-proj-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(maskSecret('corta-1234')).toBe('…34');
    expect(maskSecret(null)).toBeNull();
    expect(withMaskedKey({ apiKey: 'AIzaSyB-1234567890abcd', model: 'x' })).toEqual({ apiKey: 'AIz…abcd', apiKeySet: true, model: 'x' });
    expect(withMaskedKey({ apiKey: null })).toEqual({ apiKey: null, apiKeySet: false });
  });

  it('keeps the stored key for an absent, empty or masked value, removes it on null or the clear flag', () => {
    expect(typedSecret(undefined)).toBeUndefined();
    expect(typedSecret('')).toBeUndefined();
    expect(typedSecret('sk-…1234')).toBeUndefined();
    expect(typedSecret(null)).toBeNull();
    expect(typedSecret('sk-nuova-chiave', true)).toBeNull();
    expect(typedSecret('sk-nuova-chiave')).toBe('sk-nuova-chiave');
  });

  it('turns a form into changes without the clear flag', () => {
    expect(keyChanges({ apiKey: 'sk-…1234', clearApiKey: false, model: 'gpt' })).toEqual({ model: 'gpt' });
    expect(keyChanges({ clearApiKey: true })).toEqual({ apiKey: null });
    expect(keyChanges({ apiKey: 'sk-nuova-chiave' })).toEqual({ apiKey: 'sk-nuova-chiave' });
  });
});
