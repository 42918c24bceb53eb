/** What other features may use of designers's rules and types, on the server and in the browser (decision 0030). */
export { designerSkills, isDesignerSkill, type DesignerSkill } from './designer-skills';
