package fuzzy

// Seed002Attack is the fuzzy attack state of seed 002's enemy 4 (§5), in
// the text format read by [Parse]: one module with two rule blocks that
// share the input variables.
//
// Inputs (each covered by two complementary shoulders):
//
//	ammo 0..10 (rockets)    empty LeftShoulder(0,0,4),        hasAmmo RightShoulder(0,4,10)
//	tiredness 0..1          rested LeftShoulder(0,0.2,0.8),   tired RightShoulder(0.2,0.8,1)
//	distance 0..100 (m)     close LeftShoulder(0,10,50),      far RightShoulder(10,50,100)
//	health 0..100           unhealthy LeftShoulder(0,20,60),  healthy RightShoulder(20,60,100)
//
// Outputs:
//
//	weapon 0..1             rocket Singleton(1), pistol Singleton(0);
//	                        pick with [Variable.Winner] (a tie goes to rocket,
//	                        the set declared first)
//	accuracy 0..100         bad LeftShoulder(0,10,50) (representative 5),
//	                        good RightShoulder(50,90,100) (representative 95);
//	                        seed 002 defuzzifies it with [AverageOfMaxima]
//
// Block "weapon" holds the seed's 12 weapon-selection rules (§5.2) and
// block "accuracy" its 2×2 accuracy FAM (§5.3, Table 4.1), 16 rules in
// all; either block can be switched off on its own with
// [RuleBlock.SetEnabled]. The rules are the seed's; the breakpoints are
// ours, since the seed gives them only in a figure that its digest marks
// as a gap.
const Seed002Attack = `
input ammo 0 10
  set empty leftshoulder 0 0 4
  set hasAmmo rightshoulder 0 4 10
input tiredness 0 1
  set rested leftshoulder 0 0.2 0.8
  set tired rightshoulder 0.2 0.8 1
input distance 0 100
  set close leftshoulder 0 10 50
  set far rightshoulder 10 50 100
input health 0 100
  set unhealthy leftshoulder 0 20 60
  set healthy rightshoulder 20 60 100
output weapon 0 1
  set rocket singleton 1
  set pistol singleton 0
output accuracy 0 100
  set bad leftshoulder 0 10 50
  set good rightshoulder 50 90 100

# Seed 002 §5.2, the 12 weapon rules.
block weapon
rule if ammo is hasAmmo and distance is fairly far then weapon is rocket
rule if ammo is empty and distance is fairly far then weapon is pistol
rule if ammo is empty and distance is close then weapon is pistol
rule if ammo is hasAmmo and distance is close then weapon is pistol
rule if tiredness is rested and distance is fairly far then weapon is rocket
rule if tiredness is rested and distance is close then weapon is rocket
rule if tiredness is tired and distance is fairly far then weapon is rocket
rule if tiredness is tired and distance is close then weapon is rocket
rule if tiredness is rested and ammo is hasAmmo then weapon is rocket
rule if tiredness is rested and ammo is empty then weapon is rocket
rule if tiredness is tired and ammo is hasAmmo then weapon is rocket
rule if tiredness is tired and ammo is empty then weapon is rocket

# Seed 002 §5.3, Table 4.1: the 2×2 accuracy FAM.
block accuracy
rule if distance is close and health is healthy then accuracy is good
rule if distance is close and health is unhealthy then accuracy is bad
rule if distance is far and health is healthy then accuracy is bad
rule if distance is far and health is unhealthy then accuracy is bad
`

// NewSeed002Attack parses [Seed002Attack] into a new module. Each call
// returns an independent module (memberships and block switches are per
// module), so every enemy can own one. The error is that of [Parse]; it is
// nil for the text as shipped.
func NewSeed002Attack() (*Module, error) { return Parse(Seed002Attack) }
