export * from './community';
export * from './discovery';
export * from './projects';
export * from './users';
