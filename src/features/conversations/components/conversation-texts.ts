import { getTranslations } from 'next-intl/server';

import {
  conversationTypes,
  messageKinds,
  systemMessageCodes,
  type ConversationType,
  type MessageKind,
  type SystemMessageCode,
} from '../conversation-types';
import type { ConversationListTexts } from './conversation-list';
import type { ConversationViewLabels } from './conversation-view';
import type { StartConversationLabels } from './start-conversation';

export async function conversationTypeLabels(): Promise<Record<ConversationType, string>> {
  const t = await getTranslations('conversations.types');
  return Object.fromEntries(conversationTypes.map((type) => [type, t(type)])) as Record<
    ConversationType,
    string
  >;
}

async function messageKindLabels(): Promise<Record<MessageKind, string>> {
  const t = await getTranslations('conversations.kinds');
  return Object.fromEntries(messageKinds.map((kind) => [kind, t(kind)])) as Record<MessageKind, string>;
}

/** What the system's messages say, in the reader's language (their bodies are codes). */
async function systemMessageTexts(): Promise<Record<SystemMessageCode, string>> {
  const t = await getTranslations('conversations.systemMessages');
  return Object.fromEntries(systemMessageCodes.map((code) => [code, t(code)])) as Record<
    SystemMessageCode,
    string
  >;
}

export async function inboxTexts(): Promise<ConversationListTexts> {
  const [t, types, kinds, systemMessages] = await Promise.all([
    getTranslations('conversations.Inbox'),
    conversationTypeLabels(),
    messageKindLabels(),
    systemMessageTexts(),
  ]);
  return {
    types,
    kinds,
    systemMessages,
    unread: (count) => t('unread', { count }),
    with: (names) => t('with', { names }),
    nobody: t('nobody'),
    noMessages: t('noMessages'),
    you: t('you'),
    system: t('system'),
    list: t('list'),
  };
}

const conversationKeys = ['messages', 'empty', 'system', 'you', 'attachments'] as const;
const composerKeys = [
  'label',
  'heading',
  'attach',
  'send',
  'sending',
  'required',
  'tooMany',
  'failed',
  'rateLimited',
] as const;
/** Filled in the browser: passed as templates. */
const composerTemplates = [
  'remainingOne',
  'remainingOther',
  'attachHint',
  'remove',
  'uploading',
  'tooLong',
  'refusal_name',
  'refusal_type',
  'refusal_empty',
  'refusal_too_large',
  'refusal_content',
  'refusal_limit',
  'uploadFailed',
] as const;

export async function conversationViewLabels(): Promise<ConversationViewLabels> {
  const [t, composer, kinds, systemMessages] = await Promise.all([
    getTranslations('conversations.Conversation'),
    getTranslations('conversations.Composer'),
    messageKindLabels(),
    systemMessageTexts(),
  ]);
  return {
    ...Object.fromEntries(conversationKeys.map((key) => [key, t(key)])),
    newMessage: t.raw('newMessage') as string,
    ...Object.fromEntries(composerKeys.map((key) => [key, composer(key)])),
    ...Object.fromEntries(composerTemplates.map((key) => [key, composer.raw(key) as string])),
    kinds,
    systemMessages,
  } as ConversationViewLabels;
}

const startKeys = [
  'button',
  'message',
  'send',
  'sending',
  'cancel',
  'required',
  'failed',
  'rateLimited',
] as const;
const startTemplates = ['formLabel', 'remainingOne', 'remainingOther', 'tooLong'] as const;

export async function startConversationLabels(): Promise<StartConversationLabels> {
  const t = await getTranslations('conversations.Start');
  return {
    ...Object.fromEntries(startKeys.map((key) => [key, t(key)])),
    ...Object.fromEntries(startTemplates.map((key) => [key, t.raw(key) as string])),
  } as StartConversationLabels;
}
