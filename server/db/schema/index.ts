export * from './community';
export * from './projects';
export * from './users';
