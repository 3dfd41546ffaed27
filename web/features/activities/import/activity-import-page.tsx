import { ImportPage } from '../../spreadsheet-import/import-page';
import { activityImportUi } from './activity-import-api';

/** V1: import activities from an .xlsx or CSV file (the import page of the engine, activity kind). */
export function ActivityImportPage() {
  return <ImportPage kind={activityImportUi} />;
}
