/** Each AI function's short Italian name (the admin's charts and lists): pure, for the web too. */
export const aiFunctionLabels: Readonly<Record<string, string>> = {
  'product-description': 'Descrizione prodotto',
  'shop-description': 'Descrizione negozio',
  'product-category': 'Categoria ed etichette',
  'review-reply': 'Risposta a recensione o reclamo',
  'price-suggestion': 'Prezzo suggerito',
};
