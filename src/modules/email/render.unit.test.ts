import { describe, expect, it } from 'vitest';
import { renderEmail, templateVariables } from './render.js';
import { samplesFor } from './template-samples.js';

describe('e-mail templates', () => {
  it('render their marks: values escaped in the HTML, sections only with a value, nothing left of a missing mark', () => {
    const template = {
      subject: 'Ordine {{orderNumber}}',
      htmlContent: '<p>{{name}}</p>{{#pickupCode}}<b>{{pickupCode}}</b>{{/pickupCode}}{{nope}}',
      textContent: '{{name}}{{#pickupCode}} codice {{pickupCode}}{{/pickupCode}}',
    };
    expect(renderEmail(template, { orderNumber: 'AB12', name: 'Lia <b>&', pickupCode: '123456' })).toEqual({
      subject: 'Ordine AB12',
      html: '<p>Lia &lt;b&gt;&amp;</p><b>123456</b>',
      text: 'Lia <b>& codice 123456',
    });
    expect(renderEmail(template, { orderNumber: 'AB12', name: 'Lia', pickupCode: null }).text).toBe('Lia');
  });
});

describe('a template’s variables, for the admin’s preview', () => {
  it('are named once each, in order, whether shown or tested, and previewed with example values', () => {
    const variables = templateVariables({
      subject: 'Ordine {{orderNumber}}',
      htmlContent: '<p>{{name}}</p>{{#pickupCode}}{{pickupCode}}{{/pickupCode}}',
      textContent: '{{name}} {{coupon}}',
    });
    expect(variables).toEqual(['orderNumber', 'name', 'pickupCode', 'coupon']);
    expect(samplesFor(variables)).toEqual({ orderNumber: '3F2A9C1B', name: 'Giulia Bianchi', pickupCode: '4821', coupon: '[coupon]' });
  });
});
