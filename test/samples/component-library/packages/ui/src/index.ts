export { Button, type ButtonProps } from './button';
export { Counter } from './counter';
