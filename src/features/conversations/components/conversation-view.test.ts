import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { MessageDto } from '../schemas';
import { ConversationView, type ConversationViewLabels } from './conversation-view';

const labels = {
  messages: 'Messages',
  empty: 'No messages yet.',
  system: 'Meshbay',
  you: 'You',
  attachments: 'Attachments',
  newMessage: 'New message from {sender}',
  label: 'Your reply',
  heading: 'Reply',
  remainingOne: '{count} character left',
  remainingOther: '{count} characters left',
  attach: 'Attach files',
  attachHint: 'Pictures and model files up to {max} MB',
  remove: 'Remove {name}',
  send: 'Send',
  sending: 'Sending…',
  uploading: 'Uploading {name}…',
  required: 'This field is required',
  tooLong: 'Please use at most {max} characters',
  tooMany: 'At most 10 files per message.',
  refusal_name: 'name {name}',
  refusal_type: 'type {name}',
  refusal_empty: 'empty {name}',
  refusal_too_large: 'large {name}',
  refusal_content: 'content {name}',
  refusal_limit: 'limit {name}',
  uploadFailed: 'failed {name}',
  failed: 'Failed',
  rateLimited: 'Too many',
  kinds: {
    text: 'Message',
    delivery: 'Delivery',
    revision_request: 'Revision request',
    approval: 'Approval',
    system: 'Notice',
  },
  systemMessages: {
    application_accepted: 'Application accepted',
    application_declined: 'Another designer was chosen',
    dispute_opened: 'A dispute was opened',
    offer_made: 'An offer was made',
    offer_accepted: 'The offer was accepted',
  },
} satisfies ConversationViewLabels;

const ann = { id: 1, username: 'ann', avatar: null };
const bob = { id: 2, username: 'bob', avatar: null };
const message = (id: number, over: Partial<MessageDto>): MessageDto => ({
  id,
  kind: 'text',
  body: `body ${id}`,
  createdAt: '2026-11-22T12:00:00.000Z',
  sender: ann,
  attachments: [],
  ...over,
});

describe('ConversationView (server render)', () => {
  const html = renderToStaticMarkup(
    createElement(ConversationView, {
      conversationId: 9,
      viewerId: 1,
      languageTag: 'en-US',
      maxModelMb: 256,
      labels,
      initialMessages: [
        message(1, { body: 'Hello' }),
        // A system message's body is a code, shown in the reader's language.
        message(2, { sender: null, kind: 'system', body: 'application_accepted' }),
        message(3, {
          sender: bob,
          kind: 'delivery',
          body: 'First version',
          attachments: [
            {
              id: 5,
              fileName: 'part v1.stl',
              sizeBytes: 1_234_567,
              contentType: 'application/octet-stream',
              url: '/api/internal/conversations/attachments/5',
            },
          ],
        }),
        message(4, { kind: 'revision_request', body: 'Thicker walls' }),
        message(5, { kind: 'approval', body: 'Approved' }),
      ],
    }),
  );

  it('shows every message oldest first, with its sender, time and kind label', () => {
    const bodies = [...html.matchAll(/<p class="[^"]*body[^"]*">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(bodies).toEqual(['Hello', 'Application accepted', 'First version', 'Thicker walls', 'Approved']);
    const kinds = [...html.matchAll(/data-kind="([a-z_]+)"/g)].map((m) => m[1]);
    expect(kinds).toEqual(['text', 'system', 'delivery', 'revision_request', 'approval']);
    for (const label of ['Notice', 'Delivery', 'Revision request', 'Approval'])
      expect(html).toContain(`>${label}</span>`);
    expect(html).not.toContain('>Message</span>');
    expect(html).toContain('>Meshbay</span>');
    expect(html).toContain('>You</span>');
    expect(html).toContain('>bob</span>');
    expect(html).toContain('dateTime="2026-11-22T12:00:00.000Z"');
  });

  it('links attachments as downloads with their size, and renders the reply form', () => {
    expect(html).toContain(
      '<a href="/api/internal/conversations/attachments/5" download="part v1.stl">part v1.stl</a>',
    );
    expect(html).toContain('(1.2 MB)');
    expect(html).toMatch(/<textarea[^>]*maxLength="5000"/);
    expect(html).toContain('5,000 characters left');
    expect(html).toContain('Pictures and model files up to 256 MB');
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Send<\/button>/);
  });
});
