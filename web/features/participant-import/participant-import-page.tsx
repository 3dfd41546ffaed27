import { ImportPage, KindImportSteps } from '../spreadsheet-import/import-page';
import { participantImportUi } from './api';

/** U3: import participants from an .xlsx or CSV file (the import page with the participant kind). */
export function ParticipantImportPage() {
  return <ImportPage kind={participantImportUi} />;
}

/** The steps of an uploaded participant import. */
export function ImportSteps(props: { projectId: string; importId: string; onRestart: () => void }) {
  return <KindImportSteps kind={participantImportUi} {...props} />;
}
