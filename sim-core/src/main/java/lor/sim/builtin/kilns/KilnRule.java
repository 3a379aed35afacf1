package lor.sim.builtin.kilns;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectRule;

/**
 * The default pack's kiln formula as a Java rule: by day, a kiln holding at least 2 wood burns 2 of them into 1 coal.
 * The formula it replaces:
 * <pre>
 * {"when": "wood >= 2 &amp;&amp; on(day)", "set": {"wood": "wood - 2", "coal": "coal + 1"}}
 * </pre>
 * and it keeps the formula's order exactly: both new counts are computed from the stock as it stands, then set wood
 * first, coal second (so a kiln whose slots are all taken by wood and something else loses the wood and makes no
 * coal, as the formula's would). A pure function of the context: the server and every predicting client run it.
 */
final class KilnRule implements ObjectRule {

    static final String ID = "kiln";

    private final int wood;
    private final int coal;
    private final int day;

    /** @throws IllegalArgumentException when the pack lacks the items or the line the rule needs */
    KilnRule(ContentPack pack) {
        this.wood = required("item", "wood", pack.itemIndex("wood"));
        this.coal = required("item", "coal", pack.itemIndex("coal"));
        this.day = required("clock line", "day", pack.lines().indexOf("day"));
    }

    private static int required(String what, String name, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("the pack has no " + what + " \"" + name + "\"");
        }
        return index;
    }

    @Override
    public void run(ObjectContext object) {
        int woodNow = object.count(wood);
        if (woodNow >= 2 && object.line() == day) {
            int coalNow = object.count(coal);
            object.set(wood, woodNow - 2);
            object.set(coal, coalNow + 1);
        }
    }
}
