import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { SupportMessageForm, type SupportFormLabels } from './support-message-form';

const labels: SupportFormLabels = {
  formLabel: 'Message to {designer}',
  name: 'Your name',
  email: 'Your email',
  message: 'Your message',
  remainingOne: '{count} character left',
  remainingOther: '{count} characters left',
  submit: 'Send message',
  submitting: 'Sending…',
  success: 'Message has been successfully sent',
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  tooLong: 'Please use at most {max} characters',
  failed: 'Your message could not be sent. Please try again.',
  rateLimited: 'Too many messages',
};

describe('SupportMessageForm (server render)', () => {
  it('renders labelled fields, the counter as a polite live region and an empty status region', () => {
    const html = renderToStaticMarkup(
      createElement(SupportMessageForm, { modelId: 7, designerUsername: 'Ann_B', locale: 'en', labels }),
    );
    expect(html).toContain('aria-label="Message to Ann_B"');
    for (const [field, label] of [
      ['name', 'Your name'],
      ['email', 'Your email'],
      ['message', 'Your message'],
    ]) {
      const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
      expect(id, field).toBeTruthy();
      expect(html).toMatch(new RegExp(`<(input|textarea) id="${id}"[^>]* name="${field}"`));
    }
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"[^>]*aria-describedby="[^"]+-counter"/);
    expect(html).toMatch(/<p id="[^"]+-counter"[^>]*aria-live="polite">2,000 characters left<\/p>/);
    expect(html).toContain('<div role="status"></div>');
    // Disabled until hydrated: a click before would submit the form natively.
    expect(html).toContain('<button type="submit" class="button" disabled="">Send message</button>');
    expect(html).not.toContain('aria-invalid');
  });
});
