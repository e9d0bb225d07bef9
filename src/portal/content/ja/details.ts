import type { DetailText } from '../types';
import components from './components';
import pages from './pages';
import solutions from './solutions';

const details: DetailText = { ...pages, components, solutions };
export default details;
