// A runner whose terminal forces colour (FORCE_COLOR in its environment) forces it for the
// runner's own output: the programs a test starts inherit this process's environment, and
// read as a user's shell runs them, without it. A test of colour sets FORCE_COLOR itself.
delete process.env.FORCE_COLOR;
