import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth';

function Consumer() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws when used outside its provider (spec §8)', () => {
    expect(() => renderToString(<Consumer />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
