/** The marketplace's name, shown in the header, footer and page titles. */
export const siteName = 'Meshbay';

/**
 * Spec §1 marketing claims. Texts take these as ICU arguments, so changing a figure here changes it
 * in every locale; components never spell them out.
 */
export const marketingFigures = {
  models: 2_000_000,
  printModels: 800_000,
  businessAssets: 1_600_000,
  /** Share of models sold under the royalty-free licence. */
  royaltyFreeShare: 0.9,
} as const;

/** Contact addresses shown on the about page's #contacts section. */
export const contactEmails = {
  support: 'support@meshbay.example',
  press: 'press@meshbay.example',
  business: 'business@meshbay.example',
  jobs: 'jobs@meshbay.example',
} as const;

/** The assistant's username in conversations: its avatar is a robot (spec §3 "Avatar"). */
export const chatbotUsername = 'meshbay-assistant';
