export * from './community';
export * from './discovery';
export * from './premium';
export * from './projects';
export * from './users';
export * from './sync';
export * from './jobs';
export * from './project-versions';
