import { useSearchParams } from 'react-router';
import { InstallerDetail } from './InstallerDetail';
import { InstallerList } from './InstallerList';

/** /installerdetail: the installer files with their scorecards, or with `?id=` one file. */
export default function InstallerArchives() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <InstallerList /> : <InstallerDetail key={id} id={id} />;
}
