import { afterAll, beforeAll } from 'vitest';
import { startChatPeer, type ChatPeer } from '../../support/chat-peer.js';

/**
 * The loopback chat model of a journey file, started before its tests and closed after them (where
 * a self-hosted compatible server would be): read it inside the tests.
 */
export function useChatPeer(): () => ChatPeer {
  let peer: ChatPeer | undefined;
  beforeAll(async () => {
    peer = await startChatPeer();
  });
  afterAll(() => peer?.close());
  return () => {
    if (!peer) throw new Error('The chat peer starts in beforeAll.');
    return peer;
  };
}
