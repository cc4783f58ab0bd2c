import { afterAll } from 'vitest';
import { closeFileApps } from './open-apps.js';

afterAll(closeFileApps);
