import { describeJourney } from './journey';

// Every menu entry a platform administrator has (journey.ts).
describeJourney(['admin']);
