import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { shopActions } from './order-figures';
import { OrderActionButtons } from './OrderActions';

const render = (node: React.ReactNode) => renderToString(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const order = { id: 'o1', customerName: 'Maria Rossi', deliveryType: 'pickup' as const, paymentMethod: 'cash' };
/** Each button's accessible name: its aria-label, else its text (MUI's inline styles left out). */
const buttonNames = (html: string) =>
  [...html.replace(/<style[^>]*>.*?<\/style>/g, '').matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attrs, inner]) => /aria-label="([^"]+)"/.exec(attrs!)?.[1] ?? inner!.replace(/<[^>]+>/g, ''),
  );

describe("the shop's buttons on an order", () => {
  it("offers exactly the moves allowed, in the shop's words", () => {
    expect(buttonNames(render(<OrderActionButtons order={order} actions={['accept', 'cancel']} />))).toEqual(['Accetta', 'Annulla ordine']);
    expect(buttonNames(render(<OrderActionButtons order={order} actions={['ready', 'cancel']} />))).toEqual(['Segna come pronto', 'Annulla ordine']);
    expect(buttonNames(render(<OrderActionButtons order={{ ...order, deliveryType: 'shipping' }} actions={shopActions({ status: 'ready', deliveryType: 'shipping' })} />))).toEqual(
      ['Spedisci', 'Annulla ordine'],
    );
    expect(buttonNames(render(<OrderActionButtons order={order} actions={['complete']} />))).toEqual(['Completa']);
  });

  it('shows nothing for a finished order', () => {
    expect(render(<OrderActionButtons order={order} actions={[]} />)).toBe('');
  });

  it("keeps the cancel button's name when a list row shows it as an icon", () => {
    const html = render(<OrderActionButtons order={order} actions={['accept', 'cancel']} compact />);
    expect(buttonNames(html)).toEqual(['Accetta', 'Annulla ordine']);
    expect(html).toContain('aria-label="Annulla ordine"');
  });
});
