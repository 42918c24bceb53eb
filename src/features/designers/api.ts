/** What other features may use of designers's rules and types, on the server and in the browser (decision 0030). */
export {
  designerSkills,
  designerSoftware,
  isDesignerSkill,
  isDesignerSoftware,
  type DesignerSkill,
  type DesignerSoftware,
} from './designer-skills';
export { linkLabel, normalizeLink, validateProfileInput, type ProfileInput } from './profile-fields';
