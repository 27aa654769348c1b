-- AI functions (src/modules/ai, issue [11]): what each costs (spec §3 ai_function_costs, the
-- admin's), and every call with how it ended, for the sweep that settles the holds of calls a
-- crash left open.

CREATE TABLE ai_function_costs (
  id             uuid PRIMARY KEY,
  function_name  text NOT NULL UNIQUE CHECK (char_length(function_name) <= 50),
  credits_cost   integer NOT NULL DEFAULT 1 CHECK (credits_cost >= 0),
  description    text NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);

CREATE TABLE ai_calls (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL,
  function_name  text NOT NULL,
  status         text NOT NULL CHECK (status IN ('started', 'answered', 'failed')),
  credits        integer NOT NULL,
  settled        boolean NOT NULL DEFAULT false,
  started_at     timestamptz NOT NULL,
  -- Past it a call still started was cut short (its process died): the sweep gives its credits back.
  deadline       timestamptz NOT NULL,
  finished_at    timestamptz
);
CREATE INDEX ai_calls_open ON ai_calls (deadline) WHERE NOT settled;
CREATE INDEX ai_calls_user ON ai_calls (user_id, started_at DESC);
