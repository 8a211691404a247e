import { resourceScreen } from '../../resources/ResourceScreen';
import { productSuggestions } from '../../../resources/productSuggestions';
import { mayEditSuggestion } from './access';

/**
 * /productRecommendationsList: the generated list of the declaration (filters by status, product and
 * date, keyword search, the drawer with the record, its review actions and history); new and edit open the spec's pages
 * (/addProductSuggestion, /productRecommemdationsEdit); an edit is offered only where the server allows it.
 */
export default resourceScreen(productSuggestions, {
  editable: mayEditSuggestion,
  pages: { create: '/addProductSuggestion', edit: '/productRecommemdationsEdit' },
});
