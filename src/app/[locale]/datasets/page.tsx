import { datasetsLocales } from '@/i18n/routing';

import { contentPageRoute } from '../_content/content-page';

// Spec §2: the datasets page exists in the zh-CN and jp locales only.
const route = contentPageRoute('datasets', '/datasets', { availableIn: datasetsLocales });
export const generateMetadata = route.generateMetadata;
export default route.Page;
