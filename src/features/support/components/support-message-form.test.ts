import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { SupportMessageForm, type SupportFormLabels } from './support-message-form';

const labels: SupportFormLabels = {
  formLabel: 'Message to {designer}',
  message: 'Your message',
  remainingOne: '{count} character left',
  remainingOther: '{count} characters left',
  submit: 'Send message',
  submitting: 'Sending…',
  success: 'Message has been successfully sent',
  required: 'This field is required',
  tooLong: 'Please use at most {max} characters',
  self: 'This is your own model.',
  logInPrompt: 'Log in to ask the designer a question.',
  logIn: 'Log in',
  failed: 'Your message could not be sent. Please try again.',
  rateLimited: 'Too many messages',
};

const render = (logInHref: string | null) =>
  renderToStaticMarkup(
    createElement(SupportMessageForm, {
      modelId: 7,
      designerUsername: 'Ann_B',
      locale: 'en',
      labels,
      logInHref,
    }),
  );

describe('SupportMessageForm (server render)', () => {
  it('renders the labelled message box, the counter as a polite live region and an empty status region', () => {
    const html = render(null);
    expect(html).toContain('aria-label="Message to Ann_B"');
    const id = /<label for="([^"]+)">Your message<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(new RegExp(`<textarea id="${id}"[^>]* name="message"`));
    expect(html).not.toContain('<input');
    expect(html).toMatch(/<textarea[^>]*maxLength="5000"[^>]*aria-describedby="[^"]+-counter"/);
    expect(html).toMatch(/<p id="[^"]+-counter"[^>]*aria-live="polite">5,000 characters left<\/p>/);
    expect(html).toContain('<div role="status"></div>');
    // Disabled until hydrated: a click before would submit the form natively.
    expect(html).toContain('<button type="submit" class="button" disabled="">Send message</button>');
    expect(html).not.toContain('aria-invalid');
  });

  it('shows a guest a log-in prompt instead of the fields', () => {
    const html = render('/login?next=%2F3d-models%2Fx-7');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<textarea');
    expect(html).toContain('Log in to ask the designer a question.');
    expect(html).toContain('<a href="/login?next=%2F3d-models%2Fx-7">Log in</a>');
  });

  it("tells the model's designer that the question form is for others", () => {
    const html = renderToStaticMarkup(
      createElement(SupportMessageForm, {
        modelId: 7,
        designerUsername: 'Ann_B',
        locale: 'en',
        labels,
        logInHref: null,
        ownModel: true,
      }),
    );
    expect(html).not.toContain('<form');
    expect(html).toContain('This is your own model.');
  });
});
