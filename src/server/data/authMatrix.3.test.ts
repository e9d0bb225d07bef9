import { describeMatrix } from '../test/authMatrix.js';

// Every page × action × role, a quarter of the pages per file (test/authMatrix.ts).
describeMatrix(3);
