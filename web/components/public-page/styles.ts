// The styles of the Mantine components both public pages use (Mantine's per-component files: each page has its own
// weight budget). Imported by the shared page-status module, so that the build emits them once, linked by both pages; the
// order is Mantine's (UnstyledButton before Button and CloseButton).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Before every button's own file: its reset (a transparent background) must not come after them.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
