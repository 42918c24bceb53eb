/** What other features may use of tutorials' rules and types, on the server and in the browser (decision 0030). */
export {
  skillLevels,
  softwareSlug,
  tutorialSegment,
  tutorialSoftware,
  type SkillLevel,
  type TutorialSoftware,
} from './tutorial-fields';
