/** Words that carry no meaning for matching, English and Spanish (folded). "no" is kept: it means "number". */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or of to in on at by for from with as is are was were be been being this that these those it its ' +
    'our your their his her we you they he she i me my if then than but all any each per please will shall may can ' +
    'has have had do does did not into out over under up via also such which who whom whose what when where how between ' +
    'el la lo los las un una unos unas de del al y e o u en por para con sin que se su sus es son le les este esta ' +
    'estos estas ese esa esos esas como mas muy ya sobre entre hasta desde cual cuyo donde cuando'
  ).split(' '),
);
