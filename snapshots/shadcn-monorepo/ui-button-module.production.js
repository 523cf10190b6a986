export const button="_button_kH312";export const label="_label_7SGJs";export default {"button":"_button_kH312","label":"_label_7SGJs"};
