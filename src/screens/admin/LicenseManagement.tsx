import { licenseManagement } from '../../../resources/licenseManagement';
import { resourceScreen } from '../../resources/ResourceScreen';

export default resourceScreen(licenseManagement);
