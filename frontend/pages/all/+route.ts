/** Every path renders the one application page; React Router decides the screen and the status. */
export default () => true;
