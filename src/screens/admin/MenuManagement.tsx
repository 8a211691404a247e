import { menuManagement } from '../../../resources/menuManagement';
import { resourceScreen } from '../../resources/ResourceScreen';

export default resourceScreen(menuManagement);
