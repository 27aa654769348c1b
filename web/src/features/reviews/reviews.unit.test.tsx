import { describe, expect, it } from 'vitest';
import { aCollaborator, aShopkeeper } from '../../testing/collaboration-fixtures';
import { buttonNames, renderHtml, textOf } from '../../testing/render';
import type { PublicReviews, Review, ToWrite } from './api';
import { PublicReviewsSection } from './ReviewParts';
import ReviewsPage from './ReviewsPage';

const review = (over: Partial<Review> = {}): Review => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  subjectType: 'session',
  subjectId: '00000000-0000-4000-8000-0000000000b1',
  storeId: '00000000-0000-4000-8000-0000000000c1',
  storeName: 'Forno Santi',
  collaboratorId: '00000000-0000-4000-8000-0000000000d1',
  collaboratorName: 'Luca Bianchi',
  assignmentId: null,
  reviewerId: '00000000-0000-4000-8000-0000000000e1',
  reviewerType: 'collaborator',
  reviewerName: 'Luca Bianchi',
  revieweeType: 'store',
  revieweeId: '00000000-0000-4000-8000-0000000000c1',
  overallRating: 4,
  quality: 5,
  punctuality: null,
  communication: 3,
  professionalism: null,
  comment: 'Negozio accogliente',
  wouldRecommend: true,
  wouldWorkAgain: true,
  positivePoints: 'Ordine',
  improvementAreas: '',
  completedAt: '2026-11-20T10:00:00.000Z',
  submittedAt: '2026-11-21T10:00:00.000Z',
  windowEndsAt: '2026-12-04T10:00:00.000Z',
  published: true,
  reply: null,
  repliedAt: null,
  ...over,
});
const toWrite: ToWrite = {
  subjectType: 'session',
  subjectId: '00000000-0000-4000-8000-0000000000b2',
  reviewerType: 'shopkeeper',
  storeId: '00000000-0000-4000-8000-0000000000c1',
  storeName: 'Forno Santi',
  revieweeName: 'Marta Neri',
  completedAt: '2026-11-20T10:00:00.000Z',
  deadline: '2026-12-04T10:00:00.000Z',
};

describe('the reviews page', () => {
  it('shows a shopkeeper what awaits their review, with the deadline, and the tabs with their counts', () => {
    const html = renderHtml(<ReviewsPage />, {
      user: aShopkeeper,
      prime: (c) => {
        c.setQueryData(['/api/reviews/to-write'], [toWrite]);
        c.setQueryData(['/api/reviews/received'], [review()]);
        c.setQueryData(['/api/reviews/written'], []);
      },
    });
    const text = textOf(html);
    expect(text).toContain('Da scrivere 1');
    expect(text).toContain('Ricevute 1');
    expect(text).toContain('Marta Neri');
    expect(text).toContain('Scade il 4 dic 2026');
    expect(buttonNames(html)).toContain('Lascia una recensione');
  });

  it('has no «Ricevute» for a customer', () => {
    const text = textOf(
      renderHtml(<ReviewsPage />, {
        user: { ...aCollaborator, role: 'customer' },
        prime: (c) => {
          c.setQueryData(['/api/reviews/to-write'], []);
          c.setQueryData(['/api/reviews/written'], []);
        },
      }),
    );
    expect(text).not.toContain('Ricevute');
    expect(text).toContain('Nessuna recensione da scrivere');
  });
});

describe('public reviews', () => {
  it('show the average, the count, the criteria and the shop’s reply', () => {
    const answer: PublicReviews = {
      average: 4.5,
      count: 2,
      reviews: [{ ...review({ reply: 'Grazie Luca!', subjectType: 'order', reviewerType: 'customer', wouldRecommend: null }), reviewerName: 'Giulia V.' }],
    };
    const text = textOf(
      renderHtml(<PublicReviewsSection about="stores" id="00000000-0000-4000-8000-0000000000c1" />, {
        prime: (c) => c.setQueryData(['/api/reviews/stores/00000000-0000-4000-8000-0000000000c1?pageSize=50'], answer),
      }),
    );
    expect(text).toContain('4,5');
    expect(text).toContain('2 recensioni');
    expect(text).toContain('Giulia V. · Cliente');
    expect(text).toContain('Qualità');
    expect(text).toContain('Risposta del negozio Grazie Luca!');
    // Each review says what it follows, and the list how reviews are checked (issue [21]).
    expect(text).toMatch(/Acquisto verificato|Sessione verificata/);
    expect(text).toContain('Come verifichiamo le recensioni');
    expect(text).toContain('solo dopo un ordine completato');
  });

  it('say so when there are none', () => {
    const text = textOf(
      renderHtml(<PublicReviewsSection about="collaborators" id="00000000-0000-4000-8000-0000000000d1" />, {
        prime: (c) => c.setQueryData(['/api/reviews/collaborators/00000000-0000-4000-8000-0000000000d1?pageSize=50'], { average: null, count: 0, reviews: [] }),
      }),
    );
    expect(text).toContain('Ancora nessuna recensione');
  });
});
