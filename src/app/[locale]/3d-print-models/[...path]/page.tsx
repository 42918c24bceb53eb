import { catalogPathRoute } from '../../_catalog/catalog-routes';

const route = catalogPathRoute('print');
export const generateMetadata = route.generateMetadata;
export default route.Page;
