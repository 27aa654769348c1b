import { describe, expect, it } from 'vitest';
import { replyMailState } from './api';

const answered = { email: 'lucia@esempio.it', repliedAt: '2026-03-02T09:00:00.000Z', replyMailSentAt: null, replyMailFailure: null };

describe('where the admin’s answer stands', () => {
  it('says nothing before an answer', () => {
    expect(replyMailState({ ...answered, repliedAt: null, replyMailStatus: null })).toBeNull();
  });

  it('says «in coda» while the mail waits, «inviata» with the time (Rome) once it left', () => {
    expect(replyMailState({ ...answered, replyMailStatus: 'pending' })).toEqual({
      severity: 'info',
      text: 'Risposta in coda: partirà per e-mail a lucia@esempio.it appena possibile.',
    });
    expect(replyMailState({ ...answered, replyMailStatus: 'sent', replyMailSentAt: '2026-03-02T09:05:00.000Z' })).toEqual({
      severity: 'success',
      text: 'Risposta inviata a lucia@esempio.it il 2 mar 2026, 10:05.',
    });
  });

  it('says why a mail did not leave', () => {
    expect(replyMailState({ ...answered, replyMailStatus: 'failed', replyMailFailure: '550 casella inesistente' })?.text).toBe(
      'La risposta non è partita: 550 casella inesistente. Puoi rimetterla in coda dalla coda delle e-mail.',
    );
    expect(replyMailState({ ...answered, replyMailStatus: null })?.severity).toBe('warning');
  });
});
