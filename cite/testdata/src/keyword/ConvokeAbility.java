package mage.abilities.keyword;

/**
 * 502.46. Convoke
 * 502.46a Convoke is a static ability that functions while the spell is on the stack.
 */
public class ConvokeAbility extends SimpleStaticAbility {
    // see rule 702.51a: convoke reduces the cost
    static final double VERSION = 702.5; // not a citation
    // CR 702.47b splice
    // the total cost is locked in before creatures are tapped: rule 409.1f
}
