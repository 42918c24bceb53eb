/** What other features may use of tutorials on the server (decision 0030). */
export { tutorials } from './schema';
export { getDesignerTutorialCards, type TutorialCard } from './queries';
