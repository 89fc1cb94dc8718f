// jest-dom matchers for component tests (harmless in node tests).
import '@testing-library/jest-dom/vitest';
