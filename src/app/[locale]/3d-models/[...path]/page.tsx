import { catalogPathRoute } from '../../_catalog/catalog-path-route';

const route = catalogPathRoute('models');
export const generateMetadata = route.generateMetadata;
export default route.Page;
