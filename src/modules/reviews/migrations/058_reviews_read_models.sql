-- Reviews (issue [14], spec §3 collaboration_reviews): the read model of the review-<subjectId>
-- streams. A row per review of a completed collaboration session (by its shopkeeper or its
-- collaborator, blind until both wrote or the window ended) or of a completed order (by its
-- customer, public at once). Who may see a review is read from published_at and window_ends_at
-- on every read, so a read after the window shows it before the upkeep writes its publication.
CREATE TABLE reviews (
  id                 uuid PRIMARY KEY,
  subject_type       text NOT NULL CHECK (subject_type IN ('session', 'order')),
  subject_id         uuid NOT NULL,
  store_id           uuid NOT NULL,
  store_name         text NOT NULL,
  shopkeeper_id      uuid NOT NULL,
  collaborator_id    uuid,
  collaborator_name  text,
  assignment_id      uuid,
  customer_id        uuid,
  reviewer_id        uuid NOT NULL,
  reviewer_type      text NOT NULL CHECK (reviewer_type IN ('shopkeeper', 'collaborator', 'customer')),
  reviewer_name      text NOT NULL,
  reviewee_type      text NOT NULL CHECK (reviewee_type IN ('collaborator', 'store')),
  reviewee_id        uuid NOT NULL,
  overall_rating     smallint NOT NULL CHECK (overall_rating BETWEEN 1 AND 5),
  quality            smallint CHECK (quality BETWEEN 1 AND 5),
  punctuality        smallint CHECK (punctuality BETWEEN 1 AND 5),
  communication      smallint CHECK (communication BETWEEN 1 AND 5),
  professionalism    smallint CHECK (professionalism BETWEEN 1 AND 5),
  comment            text NOT NULL DEFAULT '',
  would_recommend    boolean,
  would_work_again   boolean NOT NULL DEFAULT true,
  positive_points    text NOT NULL DEFAULT '',
  improvement_areas  text NOT NULL DEFAULT '',
  completed_at       timestamptz NOT NULL,
  window_ends_at     timestamptz NOT NULL,
  submitted_at       timestamptz NOT NULL,
  published_at       timestamptz,
  reply              text,
  replied_at         timestamptz,
  updated_at         timestamptz NOT NULL,
  UNIQUE (subject_id, reviewer_type)
);
CREATE INDEX reviews_reviewee ON reviews (reviewee_type, reviewee_id, submitted_at DESC);
CREATE INDEX reviews_reviewer ON reviews (reviewer_id, submitted_at DESC);
-- What the upkeep publishes at the end of the window.
CREATE INDEX reviews_blind ON reviews (window_ends_at) WHERE published_at IS NULL;

-- The collaborators' read model keeps the published reviews of each collaborator (rating: their
-- average, 5 until the first), so a rebuild from the log gives the same rating.
CREATE TABLE collaborator_review_ratings (
  review_id        uuid PRIMARY KEY,
  collaborator_id  uuid NOT NULL,
  rating           smallint NOT NULL
);
CREATE INDEX collaborator_review_ratings_of ON collaborator_review_ratings (collaborator_id);

-- The assignments' read model keeps the published reviews of its sessions by each side:
-- shopkeeper_rating/review (the shop's of the collaborator), collaborator_rating/review (the
-- collaborator's of the shop) are their average and latest comment.
CREATE TABLE assignment_review_ratings (
  review_id      uuid PRIMARY KEY,
  assignment_id  uuid NOT NULL,
  reviewer_type  text NOT NULL CHECK (reviewer_type IN ('shopkeeper', 'collaborator')),
  rating         smallint NOT NULL,
  comment        text NOT NULL,
  published_at   timestamptz NOT NULL
);
CREATE INDEX assignment_review_ratings_of ON assignment_review_ratings (assignment_id, reviewer_type);
