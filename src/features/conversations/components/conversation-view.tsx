'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi, uploadToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import {
  attachmentAccept,
  checkAttachmentRequest,
  maxAttachmentsPerMessage,
  messageBodyMaxLength,
  validateMessageBody,
  type AttachmentRefusal,
} from '../conversation-message';
import { shownMessageText, type MessageKind, type SystemMessageCode } from '../conversation-types';
import { siteName } from '@/lib/site';
import { fillTemplate } from '@/lib/template';

import type { MessageDto } from '../schemas';
import { conversationsReadEvent } from './conversations-events';
import styles from './conversation-view.module.css';
import { fileSizeText } from './attachment-size';
import { MessageBodyField } from './message-body-field';

/** How often an open conversation asks for new messages (paused while the tab is hidden). */
const pollMs = 3000;

export type ConversationViewLabels = Record<
  | 'messages'
  | 'empty'
  | 'system'
  | 'you'
  | 'attachments'
  | 'newMessage'
  | 'label'
  | 'heading'
  | 'remainingOne'
  | 'remainingOther'
  | 'attach'
  | 'attachHint'
  | 'remove'
  | 'send'
  | 'sending'
  | 'uploading'
  | 'required'
  | 'tooLong'
  | 'tooMany'
  | `refusal_${AttachmentRefusal}`
  | 'uploadFailed'
  | 'failed'
  | 'rateLimited',
  string
> & { kinds: Record<MessageKind, string>; systemMessages: Record<SystemMessageCode, string> };

function merge(current: MessageDto[], incoming: MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A conversation's messages, oldest first, kept fresh by polling the messages endpoint (no reload),
 * marked read up to the last one shown, and the reply form (text ≤ 5,000 characters with the
 * remaining count, up to 10 attachments checked before they are sent).
 */
export function ConversationView({
  conversationId,
  viewerId,
  initialMessages,
  languageTag,
  maxModelMb,
  labels,
  readOnlyNotice,
}: {
  conversationId: number;
  viewerId: number;
  initialMessages: MessageDto[];
  languageTag: string;
  maxModelMb: number;
  labels: ConversationViewLabels;
  /** Shown instead of the reply form in a conversation that takes no replies (promotions). */
  readOnlyNotice?: ReactNode;
}) {
  const [messages, setMessages] = useState(initialMessages);
  const [announcement, setAnnouncement] = useState('');
  const lastRead = useRef(0);
  // The messages shown, for the poll (only the poll changes them).
  const latest = useRef(initialMessages);

  const markRead = useCallback(
    async (list: MessageDto[]) => {
      const last = list.at(-1)?.id ?? 0;
      if (last <= lastRead.current || document.visibilityState !== 'visible') return;
      lastRead.current = last;
      try {
        const response = await postToApi(`/api/internal/conversations/${conversationId}/read`, {
          json: { upTo: last },
        });
        if (response.ok) window.dispatchEvent(new Event(conversationsReadEvent));
      } catch (error) {
        lastRead.current = 0;
        reportClientError('Marking a conversation read failed', error);
      }
    },
    [conversationId],
  );

  const poll = useCallback(async () => {
    const current = latest.current;
    const after = current.at(-1)?.id ?? 0;
    const response = await fetch(`/api/internal/conversations/${conversationId}/messages?after=${after}`, {
      cache: 'no-store',
    });
    if (!response.ok) return;
    const body = (await response.json()) as { data?: { messages?: MessageDto[] } };
    const incoming = body.data?.messages ?? [];
    const fresh = incoming.filter((m) => m.id > after && m.sender?.id !== viewerId);
    const next = merge(latest.current, incoming);
    latest.current = next;
    setMessages(next);
    const lastFresh = fresh.at(-1);
    if (lastFresh)
      setAnnouncement(
        fillTemplate(labels.newMessage, { sender: lastFresh.sender?.username ?? labels.system }),
      );
    void markRead(next);
  }, [conversationId, viewerId, labels.newMessage, labels.system, markRead]);

  useEffect(() => {
    void markRead(latest.current);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState === 'visible') await poll().catch(() => {});
      if (!stopped) timer = setTimeout(tick, pollMs);
    };
    timer = setTimeout(tick, pollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        clearTimeout(timer);
        void tick();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [poll, markRead]);

  const timeFormat = new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <section aria-label={labels.messages}>
        {messages.length === 0 ? (
          <p>{labels.empty}</p>
        ) : (
          <ol className={styles.messages} data-testid="messages">
            {messages.map((message) => {
              const mine = message.sender?.id === viewerId;
              return (
                <li
                  key={message.id}
                  className={`${styles.message} ${styles[message.kind] ?? ''} ${mine ? styles.mine : ''}`}
                  data-testid="message"
                  data-kind={message.kind}
                >
                  <div className={styles.head}>
                    <Avatar
                      username={message.sender?.username ?? siteName}
                      image={message.sender?.avatar}
                      size={32}
                    />
                    <span className={styles.sender}>
                      {message.sender ? (mine ? labels.you : message.sender.username) : labels.system}
                    </span>
                    {message.kind !== 'text' && (
                      <span className={styles.kind}>{labels.kinds[message.kind]}</span>
                    )}
                    <time className={styles.time} dateTime={message.createdAt}>
                      {timeFormat.format(new Date(message.createdAt))}
                    </time>
                  </div>
                  {message.body !== '' && (
                    <p className={styles.body}>{shownMessageText(message, labels.systemMessages)}</p>
                  )}
                  {message.attachments.length > 0 && (
                    <ul className={styles.attachments} aria-label={labels.attachments}>
                      {message.attachments.map((file) => (
                        <li key={file.id}>
                          <a href={file.url} download={file.fileName}>
                            {file.fileName}
                          </a>{' '}
                          <span className={styles.size}>({fileSizeText(file.sizeBytes, languageTag)})</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
      {readOnlyNotice ?? (
        <Composer
          conversationId={conversationId}
          languageTag={languageTag}
          maxModelMb={maxModelMb}
          labels={labels}
          onSent={() => void poll().catch(() => {})}
        />
      )}
    </>
  );
}

function Composer({
  conversationId,
  languageTag,
  maxModelMb,
  labels,
  onSent,
}: {
  conversationId: number;
  languageTag: string;
  maxModelMb: number;
  labels: ConversationViewLabels;
  onSent: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const refusalText = (refusal: AttachmentRefusal, name: string) =>
    fillTemplate(labels[`refusal_${refusal}`], { name });

  function addFiles(list: FileList | null) {
    const errors: string[] = [];
    const next = [...files];
    for (const file of Array.from(list ?? [])) {
      const checked = checkAttachmentRequest(file.name, file.size, maxModelMb * 1024 * 1024);
      if (!checked.ok) errors.push(refusalText(checked.refusal, file.name));
      else if (next.length >= maxAttachmentsPerMessage) errors.push(labels.tooMany);
      else next.push(file);
    }
    setFiles(next);
    setFileErrors([...new Set(errors)]);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validateMessageBody(body, { withAttachments: files.length > 0 });
    if (!checked.ok) {
      setBodyError(
        checked.error === 'required'
          ? labels.required
          : fillTemplate(labels.tooLong, { max: messageBodyMaxLength }),
      );
      textarea.current?.focus();
      return;
    }
    setBodyError(null);
    setFormError(null);
    setSending(true);
    try {
      const response = await postToApi(`/api/internal/conversations/${conversationId}/messages`, {
        json: { body: checked.body, attachments: files.length },
      });
      if (response.status === 429) {
        setFormError(labels.rateLimited);
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: { messageId: number } };
      setBody('');
      const failures: string[] = [];
      for (const file of files) {
        setProgress(fillTemplate(labels.uploading, { name: file.name }));
        try {
          const answer = await uploadToApi(
            `/api/internal/conversations/${conversationId}/messages/${data.messageId}/attachments?name=${encodeURIComponent(file.name)}`,
            file,
            () => {},
          );
          if (answer.status !== 201) {
            const refusal = (answer.body as { error?: { refusal?: AttachmentRefusal } } | null)?.error
              ?.refusal;
            failures.push(
              refusal
                ? refusalText(refusal, file.name)
                : fillTemplate(labels.uploadFailed, { name: file.name }),
            );
          }
        } catch {
          failures.push(fillTemplate(labels.uploadFailed, { name: file.name }));
        }
      }
      setProgress(null);
      setFiles([]);
      setFileErrors(failures);
      onSent();
    } catch (error) {
      reportClientError('Sending a message failed', error);
      setFormError(labels.failed);
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  const fileId = `${id}-files`;
  const hintId = `${id}-hint`;
  const fileErrorId = `${id}-file-errors`;
  return (
    <section className={styles.composer} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.composerHeading}>
        {labels.heading}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
        <div className={styles.field}>
          <MessageBodyField
            id={`${id}-body`}
            label={labels.label}
            rows={4}
            value={body}
            onChange={(value) => {
              setBody(value);
              if (bodyError) setBodyError(null);
            }}
            error={bodyError}
            textareaRef={textarea}
            remaining={{ one: labels.remainingOne, other: labels.remainingOther }}
            languageTag={languageTag}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={fileId}>{labels.attach}</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            multiple
            accept={attachmentAccept}
            onChange={(event) => addFiles(event.target.files)}
            aria-describedby={[hintId, fileErrors.length > 0 ? fileErrorId : null].filter(Boolean).join(' ')}
          />
          <p id={hintId} className={styles.hint}>
            {fillTemplate(labels.attachHint, { max: maxModelMb })}
          </p>
          {fileErrors.length > 0 && (
            <ul id={fileErrorId} className={styles.error} role="alert">
              {fileErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {files.length > 0 && (
            <ul className={styles.chosen}>
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  {file.name} ({fileSizeText(file.size, languageTag)}){' '}
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => setFiles(files.filter((_, i) => i !== index))}
                    aria-label={fillTemplate(labels.remove, { name: file.name })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <p role="status" className={styles.hint}>
          {progress ?? ''}
        </p>
        <button type="submit" className="button" disabled={sending || !hydrated}>
          {sending ? labels.sending : labels.send}
        </button>
      </form>
    </section>
  );
}
