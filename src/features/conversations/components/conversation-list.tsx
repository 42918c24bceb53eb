import { Avatar } from '@/components/ui/avatar';
import {
  shownMessageText,
  type ConversationType,
  type MessageKind,
  type SystemMessageCode,
} from '../conversation-types';

import type { ConversationSummaryDto } from '../schemas';
import styles from './conversation-list.module.css';

export interface ConversationListTexts {
  types: Record<ConversationType, string>;
  kinds: Record<MessageKind, string>;
  systemMessages: Record<SystemMessageCode, string>;
  unread: (count: number) => string;
  with: (names: string) => string;
  nobody: string;
  noMessages: string;
  you: string;
  system: string;
  list: string;
}

/**
 * The inbox: each conversation with its type, subject, the other participants (avatars), the last
 * message, its time and the unread count; newest activity first (the order given).
 */
export function ConversationList({
  items,
  viewerUsername,
  hrefOf,
  languageTag,
  texts,
}: {
  items: ConversationSummaryDto[];
  viewerUsername: string;
  hrefOf: (id: number) => string;
  languageTag: string;
  texts: ConversationListTexts;
}) {
  const time = new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className={styles.list} aria-label={texts.list}>
      {items.map((item) => {
        const names = item.others.map((p) => p.username).join(', ');
        // A personal conversation is about the people in it: it is called by the others' names.
        const title = item.type === 'personal' && names !== '' ? names : item.subject;
        const last = item.lastMessage;
        const sender =
          last === null
            ? null
            : last.senderUsername === null
              ? texts.system
              : last.senderUsername === viewerUsername
                ? texts.you
                : last.senderUsername;
        return (
          <li
            key={item.id}
            className={`${styles.item} ${item.unread > 0 ? styles.unread : ''}`}
            data-testid="conversation"
          >
            <span className={styles.avatars} aria-hidden="true">
              {item.others.slice(0, 3).map((p) => (
                <Avatar key={p.id} username={p.username} image={p.avatar} size={40} />
              ))}
            </span>
            <div className={styles.main}>
              <div className={styles.top}>
                <span className={styles.type}>{texts.types[item.type]}</span>
                <time className={styles.time} dateTime={item.lastMessageAt}>
                  {time.format(new Date(item.lastMessageAt))}
                </time>
              </div>
              <a className={styles.subject} href={hrefOf(item.id)}>
                {title}
              </a>
              {title !== names && (
                <p className={styles.with}>{names === '' ? texts.nobody : texts.with(names)}</p>
              )}
              <p className={styles.preview}>
                {last === null ? (
                  texts.noMessages
                ) : (
                  <>
                    <span className={styles.previewSender}>{sender}:</span>{' '}
                    {last.kind !== 'text' && <span className={styles.kind}>{texts.kinds[last.kind]}</span>}{' '}
                    {preview(shownMessageText(last, texts.systemMessages))}
                  </>
                )}
              </p>
            </div>
            {item.unread > 0 && (
              <span className={styles.badge} data-testid="unread">
                {texts.unread(item.unread)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function preview(text: string): string {
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}
